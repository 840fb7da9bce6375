// What each kind of hook keeps for one engine, as a table: a kind that keeps nothing has `null`.
// The mapped type fails to compile until a new kind of `@cosh/spec` has its line here.
import type { HookKind } from '@cosh/spec';
import type { ResidentClient } from './resident/resident-client.ts';

/** The client of each kind, by its name (its entry's `openClient` opens it). */
interface ClientOfKind {
  readonly command: null;
  readonly resident: ResidentClient;
  readonly http: null;
  readonly rule: null;
}

/** One engine's clients, one per kind (`KindClient`, or `null` for a kind that keeps nothing). */
export type KindClients = { readonly [Kind in HookKind]: ClientOfKind[Kind] };
