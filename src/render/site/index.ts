/**
 * The HTML pages of the site (sign-up, log-in and the dashboard): pure functions of their view models
 * (./views.ts), with the style sheet, the script and the Content-Security-Policy they are served with.
 */
export { SITE_CSP, SITE_CSS, SITE_ICON, SITE_JS } from './assets';
export { changesPage } from './changesPage';
export { accountPage, factsheetsPage, keysPage } from './dashboardPages';
export { overviewPage } from './overviewPage';
export {
  checkMailPage,
  errorPage,
  homePage,
  loginPage,
  logoutPage,
  resetPasswordPage,
  resetRequestPage,
  signedUpPage,
  signupPage,
  verifyPage,
} from './publicPages';
export type { ChangesView, FactsheetsView, KeyRow, KeysView, Notice, Overview, PageFrame, WebhooksView } from './views';
export { webhooksPage } from './webhooksPage';
