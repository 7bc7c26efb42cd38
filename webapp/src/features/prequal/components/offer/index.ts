// The outcomes of prequalification that offer a line (the estimate, the
// preview offer, its summary and the page after it), each loaded lazily by
// the funnel's route under these names.
export { AfterOfferPage } from './after-offer-page';
export { BestOfferSummaryPage } from './best-offer-summary-page';
export { PreOfferPage } from './pre-offer-page';
export { PreviewOfferPage } from './preview-offer-page';
