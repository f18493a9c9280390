export function DisconnectedBanner() {
  return null;
}
