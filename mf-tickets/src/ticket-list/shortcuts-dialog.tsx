import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@helpdesk/shared-ui/dialog';

/** What list-keys.ts reads, in words (and Shift-click, which the pointer does). */
const LIST_SHORTCUTS: readonly { keys: readonly string[]; text: string }[] = [
  { keys: ['j'], text: 'Next ticket' },
  { keys: ['k'], text: 'Previous ticket' },
  { keys: ['Enter', 'o'], text: 'Open the ticket' },
  { keys: ['x'], text: 'Select or clear the ticket' },
  { keys: ['Shift', 'click'], text: 'Select every ticket between two' },
  { keys: ['a'], text: 'Assign the ticket to me' },
  { keys: ['?'], text: 'Show these shortcuts' },
];

/** `?` on the list: the shortcuts, in a dialog (fetched with its first opening). */
export default function ShortcutsDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>On the ticket list, when you are not typing in a field.</DialogDescription>
        </DialogHeader>
        <ul className="flex flex-col gap-2 text-sm">
          {LIST_SHORTCUTS.map((shortcut) => (
            <li key={shortcut.text} className="flex items-center justify-between gap-4">
              <span>{shortcut.text}</span>
              <span className="flex gap-1">
                {shortcut.keys.map((key) => (
                  <kbd key={key} className="rounded-md border bg-muted px-2 font-mono text-xs">
                    {key}
                  </kbd>
                ))}
              </span>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
