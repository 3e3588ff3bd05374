import { useEffect, useRef } from 'react';
import type { TListKeyContext, TListKeyEvent } from './list-keys.ts';

type TKeys = typeof import('./list-keys.ts');
let keys: TKeys | null = null;
// Only these keys can mean something: any other never fetches the rules.
const CANDIDATE = /^(?:[jkoxa?]|Enter)$/;

/**
 * The list's shortcuts on the whole document (list-keys.ts decides what a key means, and when it
 * means nothing, and carries it out). The rules come with the first key that could be a shortcut,
 * not with the page; the latest context is read at key time, so the listener is added once.
 */
export function useListKeyboard(isStaff: boolean, context: TListKeyContext) {
  const latest = useRef(context);
  latest.current = context;
  useEffect(() => {
    const decide = (rules: TKeys, event: TListKeyEvent, preventDefault: () => void) => {
      const action = rules.listKeyAction(event, isStaff);
      if (!action) return;
      preventDefault();
      rules.runListAction(action, latest.current);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !CANDIDATE.test(event.key)) return;
      if (keys) {
        decide(keys, event, () => event.preventDefault());
        return;
      }
      const { key, ctrlKey, metaKey, altKey, target } = event;
      void import('./list-keys.ts').then((rules) => {
        keys = rules;
        decide(rules, { key, ctrlKey, metaKey, altKey, target }, () => {});
      });
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isStaff]);
}
