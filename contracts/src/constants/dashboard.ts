/** Palette names the shell maps to its own classes (the server never sends CSS). */
export const DASHBOARD_TONES = ['blue', 'green', 'amber', 'red', 'purple', 'teal', 'slate'] as const;
