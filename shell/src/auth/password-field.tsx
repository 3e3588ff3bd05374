import { FormTextField, type TFormTextFieldProps } from '@helpdesk/shared-ui/form-text-field';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { PasswordInput } from './password-input.tsx';

/** A password field (with the show/hide toggle) of a react-hook-form form. */
export function PasswordField<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
  TTransformedValues,
>(props: Omit<TFormTextFieldProps<TFieldValues, TName, TTransformedValues>, 'renderInput' | 'type'>) {
  return <FormTextField {...props} renderInput={(inputProps) => <PasswordInput {...inputProps} />} />;
}
