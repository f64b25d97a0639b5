/** Send the browser to a provider's checkout page (a full page load, leaving the app). */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
