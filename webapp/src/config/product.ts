// The brand the app shows until system.info names the product.
export const PRODUCT_NAME = 'Keystone Home Equity';

/**
 * The lender's NMLS ID, set at build time (VITE_NMLS_ID). Without one the
 * footer points to NMLS Consumer Access rather than showing a made-up number.
 */
export const NMLS_ID: string | undefined = import.meta.env.VITE_NMLS_ID || undefined;

export const NMLS_CONSUMER_ACCESS_URL = 'https://www.nmlsconsumeraccess.org/';
