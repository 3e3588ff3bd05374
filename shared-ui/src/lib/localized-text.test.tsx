import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { SERVER_MESSAGES } from '@helpdesk/contracts/constants';
import { Form, FormField, FormItem, FormMessage } from '@helpdesk/shared-ui/form';
import { renderToStaticMarkup } from 'react-dom/server';
import { useForm } from 'react-hook-form';
import { ApiRequestError, loginErrorText, registrationError, serverMessage } from './api-client.ts';
import { limitMessage } from './limit-message.ts';
import { setLocale, type TLocale } from './locale.ts';
import { registerTextTranslator, subscribeLocalizedText, useLocalizeText } from './localized-text.ts';

// A stand-in for the i18n entry's translator (tooling/src/known-texts.test.ts tests the real one).
let known: Record<string, Partial<Record<TLocale, string>>> = {};
// Registered before each test: another test file may have installed its own.
beforeEach(() => registerTextTranslator((text, locale) => known[text]?.[locale] ?? null));

afterEach(() => setLocale('en'));

const failure = (status: number, message: string, fields?: Record<string, string>) =>
  new ApiRequestError(status, 'Error', JSON.stringify({ code: 'X', message, ...(fields ? { fields } : {}) }));

function WithError() {
  const form = useForm<{ title: string }>({
    errors: { title: { type: 'custom', message: 'Title is required' } },
  });
  return (
    <Form {...form}>
      <FormField
        control={form.control}
        name="title"
        render={() => (
          <FormItem>
            <FormMessage />
          </FormItem>
        )}
      />
    </Form>
  );
}

function Close() {
  const localize = useLocalizeText();
  return <span>{localize('Close')}</span>;
}

describe('the API client in another language', () => {
  const API_TEXTS = {
    [SERVER_MESSAGES.notFound]: { de: 'Nicht gefunden' },
    [SERVER_MESSAGES.tooManyAttempts]: { de: 'Zu viele Versuche. Bitte versuchen Sie es später erneut.' },
    'Title is required': { de: 'Der Titel ist erforderlich' },
    'Your account has been rejected. Please contact support.': { de: 'Ihr Konto wurde abgelehnt.' },
    'This username is already taken. Please choose a different one.': { de: 'Benutzername vergeben.' },
  };
  beforeEach(() => {
    known = API_TEXTS;
  });

  test('serverMessage, limitMessage and the field errors give the active language; English as sent', () => {
    const error = failure(404, SERVER_MESSAGES.notFound, {
      title: 'Title is required',
      body: 'Unknown words',
    });
    const limit = failure(429, SERVER_MESSAGES.tooManyAttempts);
    expect(serverMessage(error)).toBe('Not found');
    expect(error.fields).toEqual({ title: 'Title is required', body: 'Unknown words' });
    setLocale('de');
    expect(serverMessage(error)).toBe('Nicht gefunden');
    expect(limitMessage(limit)).toBe('Zu viele Versuche. Bitte versuchen Sie es später erneut.');
    expect(error.fields).toEqual({ title: 'Der Titel ist erforderlich', body: 'Unknown words' });
  });

  test('the sign-in and registration texts are matched on the English and shown translated', () => {
    setLocale('de');
    expect(loginErrorText(failure(403, SERVER_MESSAGES.accountRejected))).toBe('Ihr Konto wurde abgelehnt.');
    expect(registrationError(failure(409, SERVER_MESSAGES.usernameExists))).toEqual({
      message: 'Benutzername vergeben.',
      field: 'username',
    });
  });

  test('a form message from a schema is shown in the active language', () => {
    expect(renderToStaticMarkup(<WithError />)).toContain('>Title is required</p>');
    setLocale('de');
    expect(renderToStaticMarkup(<WithError />)).toContain('>Der Titel ist erforderlich</p>');
  });
});

describe('subscribeLocalizedText (what useLocalizeText re-renders on)', () => {
  test('tells its readers when the language changes and when a catalogue arrives', () => {
    let calls = 0;
    const unsubscribe = subscribeLocalizedText(() => {
      calls += 1;
    });
    setLocale('es');
    expect(calls).toBe(1);
    registerTextTranslator((text, locale) => known[text]?.[locale] ?? null);
    expect(calls).toBe(2);
    unsubscribe();
    setLocale('fr');
    expect(calls).toBe(2);
  });

  test('a component reads the active language through it', () => {
    known = { Close: { es: 'Cerrar' } };
    expect(renderToStaticMarkup(<Close />)).toBe('<span>Close</span>');
    setLocale('es');
    expect(renderToStaticMarkup(<Close />)).toBe('<span>Cerrar</span>');
  });
});
