// The async boundary lets Module Federation negotiate the shared singletons before React loads.
import('./bootstrap');
