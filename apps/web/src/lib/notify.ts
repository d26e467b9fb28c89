/**
 * How code outside React reports a failed action to the person (an error toast, installed by the
 * app at start). Before that, failures go to the console.
 */
let report: (error: unknown) => void = (error) => console.error(error);

export function registerErrorReporter(reporter: (error: unknown) => void): void {
  report = reporter;
}

export function reportError(error: unknown): void {
  report(error);
}
