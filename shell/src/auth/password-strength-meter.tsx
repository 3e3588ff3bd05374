import { measurePasswordStrength, type PASSWORD_STRENGTH_CHECKS } from '@helpdesk/contracts';
import { cn } from '@helpdesk/shared-ui';
import { Check, X } from 'lucide-react';
import { type TAuthMessageId, useAuthT } from './messages.ts';

const LABEL_STYLE = {
  Strong: { bar: 'bg-emerald-500', text: 'text-emerald-700', label: 'strength.strong' },
  Medium: { bar: 'bg-amber-500', text: 'text-amber-700', label: 'strength.medium' },
  Weak: { bar: 'bg-red-500', text: 'text-red-700', label: 'strength.weak' },
} as const;

// Each check's words (contracts' PASSWORD_STRENGTH_CHECKS keeps their English).
const CHECK_LABELS = {
  length: 'strength.length',
  upper: 'strength.upper',
  lower: 'strength.lower',
  digit: 'strength.digit',
  special: 'strength.special',
} as const satisfies Record<(typeof PASSWORD_STRENGTH_CHECKS)[number]['key'], TAuthMessageId>;

const isCheckKey = (key: string): key is keyof typeof CHECK_LABELS => key in CHECK_LABELS;

/** The five checks of docs/product.md#validation and the Strong / Medium / Weak verdict. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const t = useAuthT();
  const strength = measurePasswordStrength(password);
  const style = LABEL_STYLE[strength.label];
  return (
    <div className="space-y-2 rounded-md border bg-muted/40 p-3" data-testid="password-strength">
      <div className="flex items-center justify-between text-xs">
        <span className="text-muted-foreground">{t('strength.title')}</span>
        <span className={cn('font-semibold', style.text)}>{t(style.label)}</span>
      </div>
      <div className="flex gap-1" aria-hidden>
        {strength.checks.map((check, index) => (
          <span
            key={check.key}
            className={cn('h-1.5 flex-1 rounded-full', index < strength.score ? style.bar : 'bg-border')}
          />
        ))}
      </div>
      <ul className="grid gap-1 text-xs sm:grid-cols-2">
        {strength.checks.map((check) => (
          <li
            key={check.key}
            className={cn(
              'flex items-center gap-1.5',
              check.isMet ? 'text-emerald-700' : 'text-muted-foreground',
            )}
          >
            {check.isMet ? (
              <Check className="size-3.5" aria-hidden />
            ) : (
              <X className="size-3.5" aria-hidden />
            )}
            {isCheckKey(check.key) ? t(CHECK_LABELS[check.key]) : check.label}
            <span className="sr-only">{check.isMet ? t('strength.met') : t('strength.notMet')}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
