// In the entry, so the build links the styles from index.html: the server's first paint (first-paint/)
// is drawn with them before any script runs.
import './index.css';
import './portal-utilities.css';
import { startEarlySession } from './session/early-session.ts';

// The guard's first reads leave now, while the libraries download and start (early-session.ts): the rest
// of the start-up code is a chunk of its own, requested from here.
startEarlySession(window.location.pathname);
import('./bootstrap');
