/**
 * PayFast's own published material, used by more than one test: the refund request of its API
 * docs' "EFT request example" (developers.payfast.co.za/api, Create a refund; notify_buyer as 1),
 * which PayFast's PHP SDK 1.1.6 also sent in the recorded sandbox calls.
 */
export const payfastDocsEftRefundBody = {
  amount: 1000,
  reason: 'Product out of stock',
  notify_buyer: 1,
  bank_account_holder: 'Mr Smith',
  bank_name: 'FNB',
  bank_branch_code: '111111',
  bank_account_number: '100000000000',
  bank_account_type: 'current',
};
