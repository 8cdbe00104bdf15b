import type { Adapter, AdapterPayload } from 'oidc-provider';
import { db } from '../app/db/db.server';

/**
 * oidc-provider's storage on the project's database (SQLite or PostgreSQL), so sessions survive a
 * restart and every process sees the same ones. One table: model, id, JSON payload, lookup columns.
 */
export class KyselyAdapter implements Adapter {
  constructor(private readonly model: string) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const row = {
      model: this.model,
      id,
      payload: JSON.stringify(payload),
      grant_id: payload.grantId ?? null,
      user_code: payload.userCode ?? null,
      uid: payload.uid ?? null,
      // Sessions, grants and tokens name their account: a password change ends them all (decision 0064).
      account_id: typeof payload.accountId === 'string' ? payload.accountId : null,
      expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null,
      consumed_at: null,
    };
    await db()
      .insertInto('oidc_payloads')
      .values(row)
      .onConflict((conflict) =>
        conflict.columns(['model', 'id']).doUpdateSet({
          payload: row.payload,
          grant_id: row.grant_id,
          user_code: row.user_code,
          uid: row.uid,
          account_id: row.account_id,
          expires_at: row.expires_at,
        }),
      )
      .execute();
  }

  private async findBy(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
    const row = await db()
      .selectFrom('oidc_payloads')
      .select(['payload', 'expires_at', 'consumed_at'])
      .where('model', '=', this.model)
      .where(column, '=', value)
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.expires_at && row.expires_at <= new Date().toISOString()) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    return row.consumed_at ? { ...payload, consumed: Math.floor(Date.parse(row.consumed_at) / 1000) } : payload;
  }

  find(id: string) {
    return this.findBy('id', id);
  }

  findByUid(uid: string) {
    return this.findBy('uid', uid);
  }

  findByUserCode(userCode: string) {
    return this.findBy('user_code', userCode);
  }

  async consume(id: string): Promise<void> {
    await db()
      .updateTable('oidc_payloads')
      .set({ consumed_at: new Date().toISOString() })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await db().deleteFrom('oidc_payloads').where('model', '=', this.model).where('id', '=', id).execute();
  }

  // The provider calls this once per token model. Other rows carry a grantId too (an interaction in
  // flight): deleting those broke the sign-in of another account in the same browser, whose logout of
  // the first account revokes its grant in the middle of the new authorization.
  async revokeByGrantId(grantId: string): Promise<void> {
    await db().deleteFrom('oidc_payloads').where('model', '=', this.model).where('grant_id', '=', grantId).execute();
  }
}
