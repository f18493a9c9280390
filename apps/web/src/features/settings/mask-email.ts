/**
 * An e-mail address as the account panel shows it until the password is given (000 §3: "may be
 * masked with asterisks"): the first character of the name, three asterisks whatever its length
 * (the length is not shown either), and the domain.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
