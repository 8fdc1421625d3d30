import { describe, expect, it } from 'vitest';
import { externalLinkAllowList } from './config';

describe('external link allow-list', () => {
  it('takes https origins from AGENT_PORTAL_EXTERNAL_LINKS and the server when it speaks https', () => {
    const env = {
      AGENT_PORTAL_EXTERNAL_LINKS: 'https://help.agentportal.org/docs, http://insecure.org, junk,https://wa.me',
    };
    expect(externalLinkAllowList('https://agency.example.org/', env)).toEqual([
      'https://help.agentportal.org',
      'https://wa.me',
      'https://agency.example.org',
    ]);
    expect(externalLinkAllowList('http://127.0.0.1:3030', {})).toEqual([]);
  });
});
