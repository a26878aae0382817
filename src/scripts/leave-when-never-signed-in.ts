/**
 * On an account page: a browser that has never signed in here is sent on (to the address the page
 * names in `data-signed-out-to`) as soon as this runs, before the page's island or any sign-in code
 * loads. The navigation script runs first, so the page is still remembered for "back one page".
 */
import { neverSignedInHere } from '../stores/known-user.ts';

const target = document.querySelector<HTMLElement>('[data-signed-out-to]')?.dataset['signedOutTo'];
if (target && neverSignedInHere()) window.location.replace(target);
