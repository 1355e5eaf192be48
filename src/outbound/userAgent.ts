/**
 * The User-Agent of every request we send out: the service's name and version, and where a publisher can learn who
 * we are (ISSUER_CONTACT_URL). robots.txt groups are matched against its first word.
 */
const SERVICE = 'FundDataService/0.1';

const DEFAULT_CONTACT_URL = 'https://funddata.example/bot';

export function serviceUserAgent(contactUrl: string = DEFAULT_CONTACT_URL): string {
  return `${SERVICE} (+${contactUrl})`;
}
