import { describe, expect, it } from 'vitest';
import { decideAccount, foldAccount } from '../src/domain/account.ts';
import { decideVerification, foldVerification } from '../src/domain/verification.ts';

const accountId = '0b4f6a8e-0000-4000-8000-000000000001';
const verificationId = '0b4f6a8e-0000-4000-8000-000000000002';
const reviewerId = '0b4f6a8e-0000-4000-8000-000000000003';
const registered = {
  type: 'identity.AccountRegistered',
  data: { accountId, username: 'alice2026', email: 'a@b.cn', phone: null, termsAccepted: true },
};
const submitted = {
  type: 'identity.IdentityVerificationSubmitted',
  data: {
    verificationId,
    accountId,
    name: '张三',
    certificateType: 'id-card' as const,
    certificateNumberMasked: '1101**********002X',
    photoIds: [verificationId],
  },
};

const given = <C, S>(
  fold: (e: { type: string; data: unknown }[]) => S,
  decide: (c: C, s: S) => unknown[],
  history: { type: string; data: unknown }[],
) => ({
  when: (command: C) => ({
    then: (expected: unknown[]) => expect(decide(command, fold(history))).toEqual(expected),
    thenThrows: (message: string) => expect(() => decide(command, fold(history))).toThrow(message),
  }),
});

const at = new Date('2026-11-25T08:00:00.000Z');
const closed = {
  type: 'identity.AccountClosed',
  data: { accountId, by: 'holder', reason: null, closedAt: at.toISOString() },
};
const deleted = {
  type: 'identity.AccountDeleted',
  data: { accountId, closedAt: at.toISOString(), workingDays: 90 },
};

describe('account closure and deletion (decision 0017)', () => {
  it('closes an active or a disabled account, once', () => {
    given(foldAccount, decideAccount, [registered])
      .when({ type: 'CloseAccount', by: 'holder', reason: null, at })
      .then([closed]);
    given(foldAccount, decideAccount, [
      registered,
      { type: 'identity.AccountDisabled', data: { accountId, reason: 'spam' } },
    ])
      .when({ type: 'CloseAccount', by: 'admin', reason: 'asked by mail', at })
      .then([{ ...closed, data: { ...closed.data, by: 'admin', reason: 'asked by mail' } }]);
    given(foldAccount, decideAccount, [registered, closed])
      .when({ type: 'CloseAccount', by: 'holder', reason: null, at })
      .thenThrows('accountClosed');
  });

  it('a closed account takes no command but its deletion', () => {
    for (const command of [
      { type: 'UpdateProfile' as const, changes: { nickname: 'x' } },
      { type: 'EnableAccount' as const },
      { type: 'GrantRole' as const, role: 'operator' as const },
    ])
      given(foldAccount, decideAccount, [registered, closed]).when(command).thenThrows('accountClosed');
    given(foldAccount, decideAccount, [registered, closed])
      .when({ type: 'DeleteAccount', workingDays: 90 })
      .then([deleted]);
  });

  it('deletes only a closed account, and only once', () => {
    given(foldAccount, decideAccount, [registered])
      .when({ type: 'DeleteAccount', workingDays: 90 })
      .thenThrows('notFound');
    given(foldAccount, decideAccount, [registered, closed, deleted])
      .when({ type: 'DeleteAccount', workingDays: 90 })
      .thenThrows('notFound');
  });

  it('a deleted account folds with its personal fields blank (its events open to null)', () => {
    const erased = { ...registered, data: { ...registered.data, username: null, email: null } };
    expect(foldAccount([erased, closed, deleted])).toMatchObject({
      status: 'deleted',
      username: '',
      email: null,
      phone: null,
      profile: {},
    });
  });
});

describe('account decider', () => {
  it('refuses to register an account twice', () => {
    given(foldAccount, decideAccount, [registered])
      .when({ type: 'RegisterAccount', accountId, username: 'x', email: null, phone: null })
      .thenThrows('accountExists');
  });
  it('records only the profile fields that change', () => {
    given(foldAccount, decideAccount, [
      registered,
      { type: 'identity.ProfileUpdated', data: { accountId, changes: { nickname: 'A' } } },
    ])
      .when({ type: 'UpdateProfile', changes: { nickname: 'A', organization: 'PKU' } })
      .then([{ type: 'identity.ProfileUpdated', data: { accountId, changes: { organization: 'PKU' } } }]);
  });
  it('grants a role once', () => {
    given(foldAccount, decideAccount, [
      registered,
      { type: 'identity.RoleGranted', data: { accountId, role: 'reviewer' } },
    ])
      .when({ type: 'GrantRole', role: 'reviewer' })
      .then([]);
  });
});

describe('verification decider', () => {
  it('refuses a second submission while one is under review', () => {
    given(foldVerification, decideVerification, [submitted])
      .when({ type: 'Submit', data: submitted.data })
      .thenThrows('verificationPending');
  });
  it('allows a new submission after a rejection', () => {
    const rejected = {
      type: 'identity.IdentityVerificationRejected',
      data: { verificationId, accountId, reviewerId, reason: 'blurred' },
    };
    given(foldVerification, decideVerification, [submitted, rejected])
      .when({ type: 'Submit', data: submitted.data })
      .then([submitted]);
  });
  it('decides a verification only once', () => {
    const approved = {
      type: 'identity.IdentityVerificationApproved',
      data: { verificationId, accountId, reviewerId },
    };
    given(foldVerification, decideVerification, [submitted, approved])
      .when({ type: 'Reject', reviewerId, reason: 'late' })
      .thenThrows('verificationNotPending');
  });
});

describe('verification decider: what an approval needs (issue 19)', () => {
  const checks = ['armAndUpperBodyVisible', 'faceUnobstructed', 'detailsClear'] as const;
  const viewed = (position: number, by = reviewerId) => ({
    type: 'identity.IdentityDocumentViewed',
    data: { verificationId, reviewerId: by, position },
  });
  const approve = { type: 'Approve' as const, reviewerId, numberMatches: true, checks };

  it('approves when the reviewer saw the photo, the number matched and every rule is ticked', () => {
    given(foldVerification, decideVerification, [submitted, viewed(0)])
      .when(approve)
      .then([
        {
          type: 'identity.IdentityVerificationApproved',
          data: { verificationId, accountId, reviewerId, numberMatched: true, checks: [...checks] },
        },
      ]);
  });
  it('refuses the account holder deciding their own verification, approve or reject', () => {
    const own = { ...approve, reviewerId: accountId };
    given(foldVerification, decideVerification, [submitted, viewed(0, accountId)])
      .when(own)
      .thenThrows('ownVerification');
    given(foldVerification, decideVerification, [submitted])
      .when({ type: 'Reject', reviewerId: accountId, reason: 'mine' })
      .thenThrows('ownVerification');
  });
  it('refuses an approval before this reviewer opened every photo', () => {
    given(foldVerification, decideVerification, [submitted]).when(approve).thenThrows('photosNotViewed');
    const otherReviewer = '0b4f6a8e-0000-4000-8000-000000000009';
    given(foldVerification, decideVerification, [submitted, viewed(0, otherReviewer)])
      .when(approve)
      .thenThrows('photosNotViewed');
  });
  it('refuses an approval when the number read from the photo does not match', () => {
    given(foldVerification, decideVerification, [submitted, viewed(0)])
      .when({ ...approve, numberMatches: false })
      .thenThrows('certificateNumberMismatch');
  });
  it('refuses an approval with a photo rule left unticked', () => {
    given(foldVerification, decideVerification, [submitted, viewed(0)])
      .when({ ...approve, checks: checks.slice(1) })
      .thenThrows('photoChecklistIncomplete');
  });
});
