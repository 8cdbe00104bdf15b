import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's types */
type AnyDb = Kysely<any>;

/**
 * docs/decisions/0096-saml-sign-in-for-the-companys-other-sites.md. Each service provider's AuthnRequest is answered
 * once: its ID is written here when the signed response is made, so the same request (a copied link, a second tab)
 * gets no second assertion. Rows older than a request may live are deleted as new ones arrive.
 */
export const samlAnsweredRequestsSchema = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('saml_answered_requests')
      .addColumn('sp_entity_id', 'text', (col) => col.notNull())
      .addColumn('request_id', 'text', (col) => col.notNull())
      .addColumn('customer_id', 'integer', (col) => col.notNull().references('customers.id'))
      .addColumn('answered_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('saml_answered_requests_pk', ['sp_entity_id', 'request_id'])
      .execute();
    await db.schema
      .createIndex('saml_answered_requests_answered_idx')
      .on('saml_answered_requests')
      .column('answered_at')
      .execute();
  },
};
