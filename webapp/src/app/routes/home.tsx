import { BenefitCards } from '@/features/content/components/benefit-cards';
import { HomeHero } from '@/features/content/components/home-hero';
import { InsightsTeaser } from '@/features/content/components/insights-teaser';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

export default function HomeRoute() {
  useRouteDocumentTitle();
  return (
    <>
      <HomeHero />
      <BenefitCards />
      <InsightsTeaser />
    </>
  );
}
