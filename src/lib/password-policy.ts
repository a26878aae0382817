/** The password policy: at least 6 characters, plus the rules the identity service sets, when it sets any. */

export interface PasswordPolicy {
  minLength: number;
  maxLength?: number;
  requireLowercase?: boolean;
  requireUppercase?: boolean;
  requireNumber?: boolean;
  requireNonAlphanumeric?: boolean;
}

export const DEFAULT_POLICY: PasswordPolicy = { minLength: 6 };

export function passwordProblems(password: string, policy: PasswordPolicy = DEFAULT_POLICY): string[] {
  const problems: string[] = [];
  if (password.length < policy.minLength) problems.push(`The password must be at least ${policy.minLength} characters.`);
  if (policy.maxLength !== undefined && password.length > policy.maxLength)
    problems.push(`The password must be at most ${policy.maxLength} characters.`);
  if (policy.requireLowercase && !/[a-z]/.test(password)) problems.push('The password needs a lowercase letter.');
  if (policy.requireUppercase && !/[A-Z]/.test(password)) problems.push('The password needs an uppercase letter.');
  if (policy.requireNumber && !/\d/.test(password)) problems.push('The password needs a number.');
  if (policy.requireNonAlphanumeric && !/[^A-Za-z0-9]/.test(password)) problems.push('The password needs a symbol.');
  return problems;
}

/** The identity service's custom strength options, as Firebase reports them. */
export interface ServerStrengthOptions {
  minPasswordLength?: number;
  maxPasswordLength?: number;
  containsLowercaseLetter?: boolean;
  containsUppercaseLetter?: boolean;
  containsNumericCharacter?: boolean;
  containsNonAlphanumericCharacter?: boolean;
}

export function policyFromServer(options: ServerStrengthOptions): PasswordPolicy {
  const policy: PasswordPolicy = { minLength: Math.max(options.minPasswordLength ?? DEFAULT_POLICY.minLength, 1) };
  if (options.maxPasswordLength !== undefined) policy.maxLength = options.maxPasswordLength;
  if (options.containsLowercaseLetter) policy.requireLowercase = true;
  if (options.containsUppercaseLetter) policy.requireUppercase = true;
  if (options.containsNumericCharacter) policy.requireNumber = true;
  if (options.containsNonAlphanumericCharacter) policy.requireNonAlphanumeric = true;
  return policy;
}
