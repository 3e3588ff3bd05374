// In the entry, so the build links the styles from index.html: the server's first paint (first-paint/)
// is drawn with them before any script runs.
import './index.css';
import './portal-utilities.css';
import { startEarlySession } from './session/early-session.ts';

// The guard's first reads leave now, while the shared libraries download and start (early-session.ts).
startEarlySession(window.location.pathname);
// The async boundary lets Module Federation negotiate the shared singletons before React loads.
import('./bootstrap');
