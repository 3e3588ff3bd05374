// The package entry (the one barrel allowed): the light components and the helpers that the shell and
// every remote import. shadcn style: plain function components, cn(), cva variants, data-slot.
// The heavy families (radix popper, react-hook-form, ...) are entries of their own
// (`@helpdesk/shared-ui/select`, see package.json): each is its own shared module, so a page loads
// only the ones it renders (a shared module is loaded whole, never tree-shaken).
export * from './components/alert.tsx';
export * from './components/avatar.tsx';
export * from './components/badge.tsx';
export * from './components/button.tsx';
export * from './components/card.tsx';
export * from './components/card-table.tsx';
export * from './components/input.tsx';
export * from './components/label.tsx';
export * from './components/separator.tsx';
export * from './components/skeleton.tsx';
export * from './components/spinner.tsx';
export * from './components/table.tsx';
export * from './components/textarea.tsx';
export * from './components/ticket-badges.tsx';
export * from './lib/api-client.ts';
export * from './lib/api-download.ts';
export * from './lib/api-upload.ts';
export * from './lib/cn.ts';
export * from './lib/current-user.ts';
export * from './lib/debounce.ts';
export * from './lib/display-settings.ts';
export * from './lib/filter-options.ts';
export * from './lib/format.ts';
export * from './lib/json-guards.ts';
export * from './lib/kb-search.ts';
export * from './lib/limit-message.ts';
export * from './lib/locale.ts';
export * from './lib/localized-text.ts';
export * from './lib/query-client.ts';
export * from './lib/session-ended.ts';
export * from './lib/ticket-badges.ts';
export * from './lib/toast.ts';
export * from './lib/use-debounced-value.ts';
