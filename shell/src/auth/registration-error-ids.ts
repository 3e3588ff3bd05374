import { knownTextId, type TKnownTexts } from '../locales/known-texts.ts';
import type { TAuthMessageId } from './messages.ts';

/** registrationError's texts as ids of the shell's catalogue (docs/architecture.md#languages). */
const REGISTRATION_ERROR_IDS: TKnownTexts = {
  'This username is already taken. Please choose a different one.': 'registerError.usernameTaken',
  'This email is already registered. Please use a different email or try logging in.':
    'registerError.emailRegistered',
  'Password does not meet security requirements. Please choose a stronger password.':
    'registerError.weakPassword',
  'Please check all fields and try again.': 'registerError.checkFields',
  'Registration failed. Please try again.': 'registerError.failed',
};

/** The catalogue id of a registration failure text; null for a limit the server worded (shown as written). */
export function registrationErrorId(text: string): TAuthMessageId | null {
  return knownTextId(REGISTRATION_ERROR_IDS, text);
}
