import { Button, toast } from '@helpdesk/shared-ui';
import { useTwoFactorT } from './messages.ts';

const FILE_NAME = 'help-desk-recovery-codes.txt';

/** Offers the codes as a text file, one a line. */
function download(codes: readonly string[]): void {
  const url = URL.createObjectURL(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = FILE_NAME;
  link.click();
  URL.revokeObjectURL(url);
}

/** The ten recovery codes, shown this once, with copy and download; `onDone` when they are saved. */
export function RecoveryCodesPanel({
  codes,
  doneLabel,
  onDone,
}: {
  codes: readonly string[];
  doneLabel: string;
  onDone: () => void;
}) {
  const t = useTwoFactorT();
  return (
    <section className="space-y-4" aria-labelledby="recovery-codes-title">
      <div className="space-y-1">
        <h3 id="recovery-codes-title" className="font-semibold">
          {t('twoFactor.codesTitle')}
        </h3>
        <p className="text-muted-foreground text-sm">{t('twoFactor.codesDescription')}</p>
      </div>
      <ul
        data-testid="recovery-codes"
        className="grid grid-cols-2 gap-2 rounded-md bg-muted p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code} className="text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            void navigator.clipboard
              .writeText(codes.join('\n'))
              .then(() => toast({ title: t('twoFactor.copied') }))
          }
        >
          {t('twoFactor.copy')}
        </Button>
        <Button type="button" variant="outline" onClick={() => download(codes)}>
          {t('twoFactor.download')}
        </Button>
      </div>
      <Button type="button" className="w-full" onClick={onDone}>
        {doneLabel}
      </Button>
    </section>
  );
}
