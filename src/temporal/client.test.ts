import { isTemporalOutage } from './client';

/** The shape @grpc/grpc-js gives service errors: code, details, metadata. */
const grpcError = (code: number) => Object.assign(new Error(`${code} status`), { code, details: 'x', metadata: {} });

describe('isTemporalOutage', () => {
  it('sees UNAVAILABLE and DEADLINE_EXCEEDED, also as a cause', () => {
    expect(isTemporalOutage(grpcError(14))).toBe(true);
    expect(isTemporalOutage(grpcError(4))).toBe(true);
    expect(isTemporalOutage(new Error('wrapped', { cause: new Error('again', { cause: grpcError(14) }) }))).toBe(true);
  });

  it('does not take other failures for an outage', () => {
    expect(isTemporalOutage(grpcError(6))).toBe(false); // ALREADY_EXISTS
    expect(isTemporalOutage(grpcError(5))).toBe(false); // NOT_FOUND
    expect(isTemporalOutage(new Error('workflow failed'))).toBe(false);
    expect(isTemporalOutage(null)).toBe(false);
  });
});
