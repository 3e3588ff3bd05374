import { Button } from '@helpdesk/shared-ui';
import { Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';

/**
 * One section of the page: its heading, its one-line purpose and its New button (side by side from
 * sm up), the create dialog that button opens, then the section's list.
 */
export function ServiceLevelSection({
  id,
  title,
  description,
  newLabel,
  renderCreateDialog,
  children,
  lang,
}: {
  id: string;
  title: string;
  description: string;
  newLabel: string;
  renderCreateDialog: (isOpen: boolean, onOpenChange: (isOpen: boolean) => void) => ReactNode;
  children: ReactNode;
  /** The language of a translated section's texts, for screen readers' voice; none for an English one. */
  lang?: string;
}) {
  const [isCreating, setIsCreating] = useState(false);
  return (
    <section aria-labelledby={id} lang={lang} className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h2 id={id} className="font-semibold text-lg">
            {title}
          </h2>
          <p className="text-muted-foreground text-sm">{description}</p>
        </div>
        <Button className="shrink-0 self-start sm:self-auto" onClick={() => setIsCreating(true)}>
          <Plus aria-hidden />
          {newLabel}
        </Button>
      </div>
      {renderCreateDialog(isCreating, setIsCreating)}
      {children}
    </section>
  );
}
