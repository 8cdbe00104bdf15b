import { installRouteMatching } from './route-matching';
import { installServerRoutesMemo } from './server-routes';

/** Every runtime change to the framework, in one place (see README.md here); called once by the app server. */
export function installFrameworkChanges() {
  installRouteMatching();
  installServerRoutesMemo();
}
