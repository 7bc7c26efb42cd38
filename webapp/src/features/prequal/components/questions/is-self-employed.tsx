import { YesNoQuestion } from './single-answer';

export function IsSelfEmployedPage() {
  return <YesNoQuestion field="isSelfEmployed" label="Are you self-employed?" required="Choose yes or no." />;
}
