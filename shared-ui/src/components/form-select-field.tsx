// Imported by package name, not by file: each is a shared module of its own, and a relative import would
// bundle a second copy (with its own field contexts and radix Select) into this entry.
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@helpdesk/shared-ui/form';
import {
  Select,
  SelectContent,
  SelectOptions,
  SelectTrigger,
  SelectValue,
  type TSelectOption,
} from '@helpdesk/shared-ui/select';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';

type TFormSelectFieldProps<
  TFieldValues extends FieldValues,
  TName extends FieldPathByValue<TFieldValues, string | undefined>,
  TTransformedValues,
> = {
  control: Control<TFieldValues, unknown, TTransformedValues>;
  name: TName;
  label: string;
  options: readonly TSelectOption[];
  /** Shown while the field's value is empty (no choice made yet). */
  placeholder?: string;
  /** A hint between the select and its validation message. */
  description?: string;
  isDisabled?: boolean;
  /** Classes of the field's wrapper, e.g. its span in a grid. */
  className?: string;
};

/**
 * A select of a react-hook-form form with its label, hint and validation message. The trigger takes
 * the field's ref and blur, so a refused submission can focus it like any input.
 */
export function FormSelectField<
  TFieldValues extends FieldValues,
  TName extends FieldPathByValue<TFieldValues, string | undefined>,
  TTransformedValues,
>({
  control,
  name,
  label,
  options,
  placeholder,
  description,
  isDisabled,
  className,
}: TFormSelectFieldProps<TFieldValues, TName, TTransformedValues>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          {/* An empty value is no choice yet: the select is left without one and shows the placeholder. */}
          <Select value={field.value || undefined} onValueChange={field.onChange} disabled={isDisabled}>
            <FormControl>
              <SelectTrigger className="w-full" ref={field.ref} onBlur={field.onBlur}>
                <SelectValue placeholder={placeholder} />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              <SelectOptions options={options} />
            </SelectContent>
          </Select>
          {description !== undefined && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
