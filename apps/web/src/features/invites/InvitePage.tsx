export function InvitePage() {
  return null;
}
