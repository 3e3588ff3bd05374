import { measurePasswordStrength } from '@helpdesk/contracts';
import { cn } from '@helpdesk/shared-ui';
import { Check, X } from 'lucide-react';

const LABEL_STYLE = {
  Strong: { bar: 'bg-emerald-500', text: 'text-emerald-700' },
  Medium: { bar: 'bg-amber-500', text: 'text-amber-700' },
  Weak: { bar: 'bg-red-500', text: 'text-red-700' },
} as const;

/** The five checks of docs/product.md#validation and the Strong / Medium / Weak verdict. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const strength = measurePasswordStrength(password);
  const style = LABEL_STYLE[strength.label];
  return (
    <div className="space-y-2 rounded-md border bg-muted/40 p-3" data-testid="password-strength">
      <div className="flex items-center justify-between text-xs">
        <span className="text-muted-foreground">Password strength</span>
        <span className={cn('font-semibold', style.text)}>{strength.label}</span>
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
            {check.label}
            <span className="sr-only">{check.isMet ? '(met)' : '(not met)'}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
