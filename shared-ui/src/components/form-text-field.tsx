// Imported by package name, not by file: each is a shared module of its own, and a relative import would
// bundle a second copy (with its own field contexts) into this entry.
import { Input, Textarea } from '@helpdesk/shared-ui';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@helpdesk/shared-ui/form';
import type { ComponentProps, ReactNode } from 'react';
import type { Control, ControllerRenderProps, FieldPath, FieldValues } from 'react-hook-form';

type TFieldProps<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformedValues,
> = {
  control: Control<TFieldValues, unknown, TTransformedValues>;
  name: TName;
  label: string;
  /** Shown at the far end of the label's line, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode;
  /** Shown between the control and its validation message, e.g. a <FormDescription>. */
  children?: ReactNode;
};

// What the field hands its control: the form's props, never overridden by the caller's.
type TControlledProps = 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref' | 'children';

// react-hook-form types a value by its path in the form; a text control holds text (or a number as typed).
type TTextValue = string | number;

type TControlProps<TFieldValues extends FieldValues, TName extends FieldPath<TFieldValues>> = Omit<
  ControllerRenderProps<TFieldValues, TName>,
  'value'
> & { value: TTextValue };

/**
 * Label, control and validation message of one react-hook-form field; the control gets the field's
 * ref, and `renderControl` the props that are not the field's own.
 */
function labelledField<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformedValues,
  TControlRest,
>(
  {
    control,
    name,
    label,
    labelAside,
    children,
    ...controlProps
  }: TFieldProps<TFieldValues, TName, TTransformedValues> & TControlRest,
  renderControl: (field: TControlProps<TFieldValues, TName>, controlProps: TControlRest) => ReactNode,
) {
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
          {/* An empty optional value (null, undefined) is an empty box, so the input stays controlled. */}
          <FormControl>
            {renderControl(
              { ...field, value: (field.value ?? '') as TTextValue },
              controlProps as TControlRest,
            )}
          </FormControl>
          {children}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

export type TFormTextFieldProps<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformedValues,
> = TFieldProps<TFieldValues, TName, TTransformedValues> &
  Omit<ComponentProps<'input'>, TControlledProps> & {
    /** Another input in place of <Input> (a password input with its show/hide toggle, say). */
    renderInput?: (props: ComponentProps<'input'>) => ReactNode;
  };

/**
 * A text input of a react-hook-form form with its label and validation message. Every other prop
 * (type, placeholder, autoComplete, disabled, ...) goes to the input.
 */
export function FormTextField<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformedValues,
>({
  renderInput = (props) => <Input {...props} />,
  ...props
}: TFormTextFieldProps<TFieldValues, TName, TTransformedValues>) {
  return labelledField(props, (field, inputProps) => renderInput({ ...field, ...inputProps }));
}

/** A multi-line text of a react-hook-form form with its label and validation message; other props go to the textarea. */
export function FormTextareaField<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformedValues,
>(
  props: TFieldProps<TFieldValues, TName, TTransformedValues> &
    Omit<ComponentProps<'textarea'>, TControlledProps>,
) {
  return labelledField(props, (field, textareaProps) => <Textarea {...field} {...textareaProps} />);
}
