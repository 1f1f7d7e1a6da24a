/** What the app shell uses of the errors feature. */
export { ErrorPage } from './components/error-page';
