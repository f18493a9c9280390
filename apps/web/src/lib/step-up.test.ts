import { afterEach, describe, expect, it } from 'vitest';
import { setStepUpPrompt, withSecondFactor, type SecondFactor, type StepUpPrompt } from './step-up';

const demand = Object.assign(new Error('2FA'), { code: 'two_factor_required' });
const invalid = Object.assign(new Error('Invalid code'), { code: 'two_factor_invalid_code' });

/** A call that asks for the second factor until it gets `right`, recording what it was sent. */
function fakeCall(right: string) {
  const sent: (SecondFactor | undefined)[] = [];
  const send = async (factor?: SecondFactor) => {
    sent.push(factor);
    if (!factor) throw demand;
    if (factor.twoFactorCode !== right) throw invalid;
    return 'answer';
  };
  return { sent, send };
}

describe('withSecondFactor', () => {
  let remove: (() => void) | null = null;
  const use = (prompt: StepUpPrompt) => (remove = setStepUpPrompt(prompt));
  afterEach(() => remove?.());

  it('asks the prompt and resolves with the retry that succeeds, after a refused code', async () => {
    const errors: unknown[] = [];
    use(async (retry) => {
      for (const code of ['111111', '222222']) {
        try {
          await retry({ twoFactorCode: code, twoFactorType: 'app' });
          return true;
        } catch (err) {
          errors.push(err);
        }
      }
      return false;
    });
    const { sent, send } = fakeCall('222222');
    await expect(withSecondFactor(send)).resolves.toBe('answer');
    expect(sent).toEqual([undefined, { twoFactorCode: '111111', twoFactorType: 'app' }, { twoFactorCode: '222222', twoFactorType: 'app' }]);
    expect(errors).toEqual([invalid]);
  });

  it('rejects with the first error when the prompt is cancelled, or when none is mounted', async () => {
    use(async () => false);
    await expect(withSecondFactor(fakeCall('1').send)).rejects.toBe(demand);
    remove?.();
    await expect(withSecondFactor(fakeCall('1').send)).rejects.toBe(demand);
  });

  it('passes other errors through without asking', async () => {
    let asked = false;
    use(async () => (asked = true));
    await expect(
      withSecondFactor(async () => {
        throw invalid;
      }),
    ).rejects.toBe(invalid);
    expect(asked).toBe(false);
  });
});
