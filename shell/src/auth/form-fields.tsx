import { Input } from '@helpdesk/shared-ui';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@helpdesk/shared-ui/form';
import type { ComponentProps, ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { PasswordInput } from './password-input.tsx';

type TFieldProps<TValues extends FieldValues, TTransformed> = {
  control: Control<TValues, unknown, TTransformed>;
  name: FieldPath<TValues>;
  label: string;
  /** Shown at the far end of the label's line, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode;
} & Pick<ComponentProps<'input'>, 'autoComplete' | 'autoFocus' | 'placeholder'>;

type TInputFieldProps<TValues extends FieldValues, TTransformed> = TFieldProps<TValues, TTransformed> & {
  renderInput: (props: ComponentProps<'input'>) => ReactNode;
};

/** Label, input and validation message of one react-hook-form field (the input gets the field's ref). */
function InputField<TValues extends FieldValues, TTransformed>({
  control,
  name,
  label,
  labelAside,
  renderInput,
  ...inputProps
}: TInputFieldProps<TValues, TTransformed>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          {labelAside === undefined ? (
            <FormLabel>{label}</FormLabel>
          ) : (
            <div className="flex items-center justify-between">
              <FormLabel>{label}</FormLabel>
              {labelAside}
            </div>
          )}
          <FormControl>{renderInput({ ...field, ...inputProps })}</FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** A text (or email) field of a react-hook-form form, with its label and validation message. */
export function TextField<TValues extends FieldValues, TTransformed>({
  type,
  ...props
}: TFieldProps<TValues, TTransformed> & { type?: 'text' | 'email' }) {
  return <InputField {...props} renderInput={(inputProps) => <Input {...inputProps} type={type} />} />;
}

/** A password field (with the show/hide toggle) of a react-hook-form form. */
export function PasswordField<TValues extends FieldValues, TTransformed>(
  props: TFieldProps<TValues, TTransformed>,
) {
  return <InputField {...props} renderInput={(inputProps) => <PasswordInput {...inputProps} />} />;
}
