import type { OkResponse } from '@gama/core/contract/accounts';
import { post } from '../../lib/api-client.ts';

export interface ProfileUpdateResponse extends OkResponse {
  user_name: string;
}

export const accountApi = {
  changePassword: (body: { old_pass: string; new_pass: string }) =>
    post<OkResponse>('/api-change-password', body, { session: true }),
  updateProfile: (user_name: string) =>
    post<ProfileUpdateResponse>('/api-profile-update', { user_name }, { session: true }),
};
