/**
 * Navigation for code outside React (toasts, the API layer). The router registers its navigate
 * function at start; before that, a full page load does the job.
 */
let navigateImpl: (to: string) => void = (to) => window.location.assign(to);

export function registerNavigate(navigate: (to: string) => void): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string): void {
  navigateImpl(to);
}
