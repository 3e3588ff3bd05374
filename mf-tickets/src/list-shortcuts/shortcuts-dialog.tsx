import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@helpdesk/shared-ui/dialog';
import { useShortcutsT } from './messages.ts';

/**
 * What list-keys.ts reads, in words (and Shift-click, which the pointer does). Letter keys are the keys
 * themselves; the named keys and the click are catalogue ids.
 */
const LIST_SHORTCUTS = [
  { keys: [{ key: 'j' }], text: 'shortcuts.next' },
  { keys: [{ key: 'k' }], text: 'shortcuts.previous' },
  { keys: [{ name: 'shortcuts.enterKey' }, { key: 'o' }], text: 'shortcuts.open' },
  { keys: [{ key: 'x' }], text: 'shortcuts.select' },
  { keys: [{ name: 'shortcuts.shiftKey' }, { name: 'shortcuts.click' }], text: 'shortcuts.range' },
  { keys: [{ key: 'a' }], text: 'shortcuts.assign' },
  { keys: [{ key: '?' }], text: 'shortcuts.help' },
] as const;

/** `?` on the list: the shortcuts, in a dialog (fetched with its first opening). */
export default function ShortcutsDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const t = useShortcutsT();
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('shortcuts.title')}</DialogTitle>
          <DialogDescription>{t('shortcuts.description')}</DialogDescription>
        </DialogHeader>
        <ul className="flex flex-col gap-2 text-sm">
          {LIST_SHORTCUTS.map((shortcut) => (
            <li key={shortcut.text} className="flex items-center justify-between gap-4">
              <span>{t(shortcut.text)}</span>
              <span className="flex gap-1">
                {shortcut.keys.map((key) => {
                  const label = 'key' in key ? key.key : t(key.name);
                  return (
                    <kbd key={label} className="rounded-md border bg-muted px-2 font-mono text-xs">
                      {label}
                    </kbd>
                  );
                })}
              </span>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
