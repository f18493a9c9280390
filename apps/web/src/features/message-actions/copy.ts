/** A message's link: its channel's address with `?messageId=` (spec 001 §2), which opens the channel at the message. */
export function messageLink(teamId: string | null, channelId: string, messageId: string): string {
  const where = teamId ? `/teams/${teamId}/channels/${channelId}` : `/chat/${channelId}`;
  return `${window.location.origin}${where}?messageId=${messageId}`;
}

/** Put text on the clipboard; false when the browser refuses (no permission, insecure context). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
