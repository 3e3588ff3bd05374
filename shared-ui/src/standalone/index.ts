// The `@helpdesk/shared-ui/standalone` entry: only the remotes' standalone bootstraps import it, so
// the harness never adds weight to the main entry that the shell shares as a singleton.
export * from './current-user-gate.tsx';
export * from './remote-harness.tsx';
