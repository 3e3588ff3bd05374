import { startEarlySession } from './session/early-session.ts';

// The guard's first reads leave now, while the shared libraries download and start (early-session.ts).
startEarlySession(window.location.pathname);
// The async boundary lets Module Federation negotiate the shared singletons before React loads.
import('./bootstrap');
