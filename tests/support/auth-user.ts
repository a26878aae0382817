/** A Firebase user as a new e-mail account has it: what the site sends as the body of POST /users/user/{uid}. */
export function newAuthUser(uid: string, email: string) {
  return {
    uid,
    email,
    emailVerified: false,
    displayName: null,
    photoURL: null,
    phoneNumber: null,
    isAnonymous: false,
    providerData: [],
    tenantId: null,
  };
}
