/** The registration link that carries an invite code (what an admin hands to the invited person). */
export function inviteLink(origin: string, code: string): string {
  return `${origin}/register?invite=${encodeURIComponent(code)}`;
}
