export type ClientType = 'mobile' | 'desktop';

const MOBILE_AGENT =
  /Mobi|Android|iPhone|iPad|iPod|Opera Mini|IEMobile|BlackBerry|webOS|Windows Phone/i;

/** Desktop means any browser whose user agent is not a mobile one (SPEC §9). */
export function clientTypeFromUserAgent(userAgent: string | undefined | null): ClientType {
  return userAgent && MOBILE_AGENT.test(userAgent) ? 'mobile' : 'desktop';
}
