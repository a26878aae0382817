/** The operators' console's API client (../lib/api/ops-client.ts), calling as the signed-in operator. */
import { createOpsApi } from '../lib/api/ops-client.ts';
import { protectedFetch } from './api.ts';

export const opsApi = createOpsApi(protectedFetch);
