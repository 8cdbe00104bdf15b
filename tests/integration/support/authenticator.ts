import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software FIDO2 authenticator for tests: a real P-256 key, real authenticator data and
 * signatures ('none' attestation), so @simplewebauthn/server verifies them exactly as it verifies a
 * browser's. Tests choose the origin, rpId, counter and flags to exercise each refusal.
 */
const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

function counterBytes(counter: number) {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(counter);
  return buffer;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  counter = 0;

  constructor(readonly userHandle: string) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id() {
    return b64url(this.credentialId);
  }

  private cosePublicKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]),
    );
  }

  /** The body of the activate call: what @simplewebauthn/browser's startRegistration yields. */
  register(input: { challenge: string; origin: string; rpId: string; userVerified?: boolean }) {
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: input.challenge,
      origin: input.origin,
      crossOrigin: false,
    });
    const credentialId = this.credentialId;
    const lengthBytes = Buffer.alloc(2);
    lengthBytes.writeUInt16BE(credentialId.length);
    const flags = FLAG_UP | FLAG_AT | (input.userVerified === false ? 0 : FLAG_UV);
    const authData = Buffer.concat([
      sha256(input.rpId),
      Buffer.from([flags]),
      counterBytes(this.counter),
      Buffer.alloc(16),
      lengthBytes,
      credentialId,
      Buffer.from(this.cosePublicKey()),
    ]);
    const attestation = new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', new Uint8Array(authData)],
    ]);
    const attestationObject = isoCBOR.encode(attestation as Parameters<typeof isoCBOR.encode>[0]);
    return {
      attestation: b64url(attestationObject),
      clientData: b64url(Buffer.from(clientDataJSON)),
      credentialId: this.id,
      transports: ['internal'],
    };
  }

  /** An AuthenticationResponseJSON for a sign-in challenge; the counter moves forward by `step`. */
  assert(input: { challenge: string; origin: string; rpId: string; step?: number; userHandle?: string }) {
    this.counter += input.step ?? 1;
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: input.challenge, origin: input.origin, crossOrigin: false }),
    );
    const authData = Buffer.concat([sha256(input.rpId), Buffer.from([FLAG_UP | FLAG_UV]), counterBytes(this.counter)]);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: b64url(Buffer.from(input.userHandle ?? this.userHandle)),
      },
      clientExtensionResults: {},
    };
  }
}
