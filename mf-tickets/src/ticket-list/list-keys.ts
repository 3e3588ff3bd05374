/** What a key press on the list page asks for (the shortcuts the help dialog lists). */
export type TListKeyAction = 'next' | 'previous' | 'open' | 'toggle' | 'assignToMe' | 'help';

/** The parts of a keydown the decision needs (a KeyboardEvent has them all). */
export type TListKeyEvent = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
};

type TElementLike = {
  tagName?: string;
  isContentEditable?: boolean;
  getAttribute?: (name: string) => string | null;
  closest?: (selector: string) => unknown;
};

const TYPING_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
// Enter already means something on these: the list must not take it from them.
const ACTIVATABLE =
  'a, button, [role="button"], [role="checkbox"], [role="combobox"], [role="tab"], [role="menuitem"], [role="option"], [role="switch"]';

/** Whether the key went to something the user types into (or a dialog or menu they are using). */
export function isTypingTarget(target: EventTarget | null): boolean {
  const element = target as TElementLike | null;
  if (!element?.tagName) return false;
  if (TYPING_TAGS.has(element.tagName.toUpperCase()) || element.isContentEditable) return true;
  return Boolean(
    element.closest?.('[contenteditable="true"], [role="dialog"], [role="menu"], [role="listbox"]'),
  );
}

const LETTERS: Record<string, TListKeyAction> = {
  j: 'next',
  k: 'previous',
  o: 'open',
  x: 'toggle',
  a: 'assignToMe',
  '?': 'help',
};

/**
 * The action of a key, or null: never while typing, never with Ctrl, Cmd or Alt (the browser's and
 * the system's shortcuts), Enter only where it has no meaning of its own. Requesters (`isStaff` false)
 * have no selection or assignment, so x and a do nothing for them.
 */
export function listKeyAction(event: TListKeyEvent, isStaff: boolean): TListKeyAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (isTypingTarget(event.target)) return null;
  if (event.key === 'Enter') {
    const element = event.target as TElementLike | null;
    return element?.closest?.(ACTIVATABLE) ? null : 'open';
  }
  const action = LETTERS[event.key] ?? null;
  if (!isStaff && (action === 'toggle' || action === 'assignToMe')) return null;
  return action;
}

/** The highlighted row after j or k: stays within the rows, starts at the first. */
export function moveHighlight(
  index: number | null,
  count: number,
  action: 'next' | 'previous',
): number | null {
  if (count === 0) return null;
  if (index === null) return 0;
  const next = action === 'next' ? index + 1 : index - 1;
  return Math.min(count - 1, Math.max(0, next));
}

/**
 * Moves the focus to a row's title link once drawn: a screen reader names the ticket, Enter opens it.
 * (Without a page, as in unit tests, there is nothing to focus.)
 */
function focusRow(id: string) {
  if (typeof document === 'undefined') return;
  requestAnimationFrame(() => {
    const link = document.querySelector<HTMLElement>(`[data-ticket-link="${id}"]`);
    link?.focus();
    link?.closest('[data-testid="ticket-row"]')?.scrollIntoView({ block: 'nearest' });
  });
}

/** What the shortcuts act on: the rows on screen and the page's own actions. */
export type TListKeyContext = {
  ids: readonly string[];
  highlightedId: string | null;
  highlight: (id: string) => void;
  open: (id: string) => void;
  toggle: (id: string) => void;
  assignToMe: (id: string) => void;
  showHelp: () => void;
};

/** Carries out one shortcut: j/k move the highlight (and the focus), the rest act on the highlighted row. */
export function runListAction(action: TListKeyAction, context: TListKeyContext): void {
  if (action === 'help') {
    context.showHelp();
    return;
  }
  const index = context.highlightedId ? context.ids.indexOf(context.highlightedId) : -1;
  if (action === 'next' || action === 'previous') {
    const next = moveHighlight(index < 0 ? null : index, context.ids.length, action);
    const id = next === null ? undefined : context.ids[next];
    if (id) {
      context.highlight(id);
      // Keys typed faster than the page redraws (or waiting for these rules) act on the new row.
      context.highlightedId = id;
      focusRow(id);
    }
    return;
  }
  const id = context.ids[index];
  if (!id) return;
  if (action === 'open') context.open(id);
  if (action === 'toggle') context.toggle(id);
  if (action === 'assignToMe') context.assignToMe(id);
}
