import type { TUser } from '@helpdesk/contracts';
import { createContext, type ReactNode, useContext } from 'react';

const SignedInUserContext = createContext<TUser | null>(null);

/** Makes the guard's checked user available to every page inside the signed-in layout. */
export function SignedInUserProvider({ user, children }: { user: TUser; children: ReactNode }) {
  return <SignedInUserContext value={user}>{children}</SignedInUserContext>;
}

/** The signed-in, active user; only valid under the guarded layout. */
export function useSignedInUser(): TUser {
  const user = useContext(SignedInUserContext);
  if (user === null) throw new Error('useSignedInUser must be used inside the signed-in layout');
  return user;
}
