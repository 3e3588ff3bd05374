import { describe, expect, test } from 'bun:test';
import { Input, Textarea } from '@helpdesk/shared-ui';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@helpdesk/shared-ui/form';
import { FormTextareaField, FormTextField } from '@helpdesk/shared-ui/form-text-field';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { type Control, useForm } from 'react-hook-form';

type TValues = { email: string; note: string | null };
type TFields = (control: Control<TValues>) => ReactNode;

function InForm({ fields }: { fields: TFields }) {
  const form = useForm<TValues>({ defaultValues: { email: 'ada@example.test', note: null } });
  return <Form {...form}>{fields(form.control)}</Form>;
}

// useId gives each render the same ids, so two renders with the same tree shape compare equal.
const markupOf = (fields: TFields) => renderToStaticMarkup(<InForm fields={fields} />);

describe('FormTextField', () => {
  test('renders the markup of a hand-written label, input and message', () => {
    const shared = markupOf((control) => (
      <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" />
    ));
    const byHand = markupOf((control) => (
      <FormField
        control={control}
        name="email"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Email</FormLabel>
            <FormControl>
              <Input {...field} type="email" autoComplete="email" />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
    ));
    expect(shared).toBe(byHand);
    expect(shared).toContain('value="ada@example.test"');
    expect(shared).toMatch(/<label[^>]*for="([^"]+)"[^>]*>Email<\/label><input[^>]*id="\1"/);
  });

  test('a label aside shares the label line; children sit between the input and its message', () => {
    const html = markupOf((control) => (
      <FormTextField control={control} name="email" label="Email" labelAside={<a href="/forgot">Forgot?</a>}>
        <p data-testid="hint">A hint</p>
      </FormTextField>
    ));
    expect(html).toMatch(
      /<div class="flex items-center justify-between"><label[^>]*>Email<\/label><a href="\/forgot">Forgot\?<\/a><\/div><input[^>]*><p data-testid="hint">A hint<\/p><\/div>$/,
    );
  });
});

describe('FormTextareaField', () => {
  test('an empty optional value is an empty textarea; props go to the textarea', () => {
    const html = markupOf((control) => (
      <FormTextareaField control={control} name="note" label="Note" rows={3} className="min-h-16" />
    ));
    const byHand = markupOf((control) => (
      <FormField
        control={control}
        name="note"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Note</FormLabel>
            <FormControl>
              <Textarea {...field} value={field.value ?? ''} rows={3} className="min-h-16" />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
    ));
    expect(html).toBe(byHand);
    expect(html).toContain('rows="3"');
  });
});
