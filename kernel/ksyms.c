// SPDX-License-Identifier: BSD-2-Clause
/*
 * What modules may link against: the kernel's exported symbols.
 *
 * Linux writes EXPORT_SYMBOL() beside each definition.  The subsystems here
 * were written before modules existed, so their exports are gathered in
 * this one file, one group per subsystem (as Linux 2.4's kernel/ksyms.c
 * did); new code exports beside its definition.  Anything not listed is
 * private to the image: a module that calls it is refused at build time
 * (scripts/modpost.py) and at load time ("unknown symbol").
 */
#include <linux/clk.h>
#include <linux/clk-provider.h>
#include <linux/delay.h>
#include <linux/errno.h>
#include <linux/device.h>
#include <linux/export.h>
#include <linux/i2c.h>
#include <linux/i2c-algo-bit.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/ioport.h>
#include <linux/irqdomain.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/of_device.h>
#include <linux/of_irq.h>
#include <linux/of_platform.h>
#include <linux/platform_device.h>
#include <linux/printk.h>
#include <linux/rtc.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <coyote/console.h>
#include <coyote/time.h>
#include <asm/io.h>

/* libgcc's division helpers: the compiler calls them for / and %. */
extern int __aeabi_idiv(int, int);
extern unsigned __aeabi_uidiv(unsigned, unsigned);
extern void __aeabi_idivmod(void);
extern void __aeabi_uidivmod(void);
extern void __aeabi_ldivmod(void);
extern void __aeabi_uldivmod(void);
EXPORT_SYMBOL(__aeabi_idiv);
EXPORT_SYMBOL(__aeabi_uidiv);
EXPORT_SYMBOL(__aeabi_idivmod);
EXPORT_SYMBOL(__aeabi_uidivmod);
EXPORT_SYMBOL(__aeabi_ldivmod);
EXPORT_SYMBOL(__aeabi_uldivmod);

/* Printk and console output */
EXPORT_SYMBOL(printk);
EXPORT_SYMBOL(vprintk);
EXPORT_SYMBOL(printf);
EXPORT_SYMBOL(vprintf);
EXPORT_SYMBOL(puts);
EXPORT_SYMBOL(snprintf);
EXPORT_SYMBOL(scnprintf);
EXPORT_SYMBOL(vsnprintf);
EXPORT_SYMBOL(vscnprintf);
EXPORT_SYMBOL(errname);
EXPORT_SYMBOL(console_loglevel);

/* Strings (the compiler also calls memcpy and memset for struct copies) */
EXPORT_SYMBOL(memchr);
EXPORT_SYMBOL(memcmp);
EXPORT_SYMBOL(memcpy);
EXPORT_SYMBOL(memmove);
EXPORT_SYMBOL(memset);
EXPORT_SYMBOL(strchr);
EXPORT_SYMBOL(strcmp);
EXPORT_SYMBOL(strlen);
EXPORT_SYMBOL(strncmp);
EXPORT_SYMBOL(strncpy);
EXPORT_SYMBOL(strnlen);
EXPORT_SYMBOL(strrchr);
EXPORT_SYMBOL(strscpy);

/* Heap */
EXPORT_SYMBOL(kmalloc);
EXPORT_SYMBOL(kzalloc);
EXPORT_SYMBOL(kcalloc);
EXPORT_SYMBOL(kfree);
EXPORT_SYMBOL(kstrdup);

/* Time */
EXPORT_SYMBOL(jiffies);
EXPORT_SYMBOL(uptime_ms);
EXPORT_SYMBOL(msleep);
EXPORT_SYMBOL(ktime_get_real_seconds);

/* Driver core and managed resources */
EXPORT_SYMBOL(bus_for_each_dev);
EXPORT_SYMBOL(bus_for_each_drv);
EXPORT_SYMBOL(bus_register);
EXPORT_SYMBOL(dev_driver_string);
EXPORT_SYMBOL(dev_err_probe);
EXPORT_SYMBOL(_dev_err);
EXPORT_SYMBOL(dev_node_path);
EXPORT_SYMBOL(dev_state_name);
EXPORT_SYMBOL(device_add);
EXPORT_SYMBOL(device_attach);
EXPORT_SYMBOL(device_del);
EXPORT_SYMBOL(device_initialize);
EXPORT_SYMBOL(device_register);
EXPORT_SYMBOL(device_release_driver);
EXPORT_SYMBOL(device_unregister);
EXPORT_SYMBOL(device_set_deferred_probe_reason);
EXPORT_SYMBOL(device_set_deferred_probe_supplier);
EXPORT_SYMBOL(driver_register);
EXPORT_SYMBOL(driver_unregister);
EXPORT_SYMBOL(devm_add_action);
EXPORT_SYMBOL(devm_add_action_or_reset);
EXPORT_SYMBOL(devm_kfree);
EXPORT_SYMBOL(devm_kmalloc);
EXPORT_SYMBOL(devm_kstrdup);
EXPORT_SYMBOL(devm_kzalloc);

/* Device windows (drivers/base/resource.c) */
EXPORT_SYMBOL(request_mem_region);
EXPORT_SYMBOL(release_mem_region);
EXPORT_SYMBOL(devm_request_mem_region);
EXPORT_SYMBOL(devm_ioremap_resource);
EXPORT_SYMBOL(ioremap);
EXPORT_SYMBOL(iounmap);

/* Platform bus */
EXPORT_SYMBOL(platform_bus_type);
EXPORT_SYMBOL(platform_driver_register);
EXPORT_SYMBOL(platform_driver_unregister);
EXPORT_SYMBOL(platform_get_irq);
EXPORT_SYMBOL(platform_get_irq_optional);
EXPORT_SYMBOL(platform_get_resource);
EXPORT_SYMBOL(platform_irq_count);
EXPORT_SYMBOL(devm_platform_ioremap_resource);
EXPORT_SYMBOL(platform_device_alloc);
EXPORT_SYMBOL(platform_device_add);
EXPORT_SYMBOL(platform_device_add_resources);
EXPORT_SYMBOL(platform_device_put);
EXPORT_SYMBOL(platform_device_unregister);

/* Interrupts */
EXPORT_SYMBOL(request_irq);
EXPORT_SYMBOL(free_irq);
EXPORT_SYMBOL(devm_request_irq);
EXPORT_SYMBOL(enable_irq);
EXPORT_SYMBOL(disable_irq);
EXPORT_SYMBOL(irq_of_parse_and_map);
EXPORT_SYMBOL(irq_create_of_mapping);
EXPORT_SYMBOL(irq_find_mapping);
EXPORT_SYMBOL(irq_create_mapping);
EXPORT_SYMBOL(irq_dispose_mapping);
EXPORT_SYMBOL(irq_domain_add_linear);
EXPORT_SYMBOL(irq_domain_remove);
EXPORT_SYMBOL(irq_domain_xlate_onecell);
EXPORT_SYMBOL(irq_domain_xlate_twocell);
EXPORT_SYMBOL(irq_set_chip_and_handler);
EXPORT_SYMBOL(irq_set_chip_data);
EXPORT_SYMBOL(irq_set_chained_handler_and_data);
EXPORT_SYMBOL(irq_get_irq_data);
EXPORT_SYMBOL(generic_handle_irq);
EXPORT_SYMBOL(generic_handle_domain_irq);
EXPORT_SYMBOL(handle_level_irq);
EXPORT_SYMBOL(handle_edge_irq);
EXPORT_SYMBOL(irq_set_handler_locked);

/* Clocks */
EXPORT_SYMBOL(clk_get);
EXPORT_SYMBOL(clk_put);
EXPORT_SYMBOL(clk_get_rate);
EXPORT_SYMBOL(clk_prepare_enable);
EXPORT_SYMBOL(clk_disable_unprepare);
EXPORT_SYMBOL(devm_clk_get);
EXPORT_SYMBOL(of_clk_get);
EXPORT_SYMBOL(of_clk_get_by_name);
EXPORT_SYMBOL(__clk_get_name);
EXPORT_SYMBOL(of_clk_add_provider);
EXPORT_SYMBOL(of_clk_del_provider);
EXPORT_SYMBOL(of_clk_src_simple_get);
EXPORT_SYMBOL(clk_register_fixed_rate);
EXPORT_SYMBOL(clk_unregister_fixed_rate);

/* I2C */
EXPORT_SYMBOL(i2c_bus_type);
EXPORT_SYMBOL(i2c_add_adapter);
EXPORT_SYMBOL(i2c_del_adapter);
EXPORT_SYMBOL(i2c_get_adapter);
EXPORT_SYMBOL(i2c_bit_add_bus);
EXPORT_SYMBOL(i2c_register_driver);
EXPORT_SYMBOL(i2c_del_driver);
EXPORT_SYMBOL(i2c_get_match_data);
EXPORT_SYMBOL(i2c_match_id);
EXPORT_SYMBOL(i2c_master_recv);
EXPORT_SYMBOL(i2c_master_send);
EXPORT_SYMBOL(i2c_transfer);
EXPORT_SYMBOL(i2c_new_client_device);
EXPORT_SYMBOL(i2c_unregister_device);
EXPORT_SYMBOL(i2c_verify_client);
EXPORT_SYMBOL(i2c_smbus_read_byte_data);
EXPORT_SYMBOL(i2c_smbus_write_byte_data);
EXPORT_SYMBOL(i2c_smbus_read_i2c_block_data);
EXPORT_SYMBOL(i2c_smbus_write_i2c_block_data);

/* RTC class */
EXPORT_SYMBOL(rtc_device_register);
EXPORT_SYMBOL(rtc_device_unregister);
EXPORT_SYMBOL(rtc_read_time);
EXPORT_SYMBOL(rtc_set_time);
EXPORT_SYMBOL(rtc_valid_tm);
EXPORT_SYMBOL(rtc_month_days);
EXPORT_SYMBOL(rtc_year_days);
EXPORT_SYMBOL(rtc_time64_to_tm);
EXPORT_SYMBOL(rtc_tm_to_time64);
EXPORT_SYMBOL(rtc_format_iso8601);
EXPORT_SYMBOL(rtc_parse_iso8601);

/* Device tree (of/) */
EXPORT_SYMBOL(of_root);
EXPORT_SYMBOL(of_chosen);
EXPORT_SYMBOL(of_aliases);
EXPORT_SYMBOL(of_address_count);
EXPORT_SYMBOL(of_address_to_resource);
EXPORT_SYMBOL(of_get_address);
EXPORT_SYMBOL(of_translate_address);
EXPORT_SYMBOL(of_alias_get_id);
EXPORT_SYMBOL(of_alias_get_highest_id);
EXPORT_SYMBOL(of_count_phandle_with_args);
EXPORT_SYMBOL(of_device_get_match_data);
EXPORT_SYMBOL(of_device_is_available);
EXPORT_SYMBOL(of_device_is_compatible);
EXPORT_SYMBOL(of_find_all_nodes);
EXPORT_SYMBOL(of_find_compatible_node);
EXPORT_SYMBOL(of_find_device_by_node);
EXPORT_SYMBOL(of_find_matching_node_and_match);
EXPORT_SYMBOL(of_find_node_by_name);
EXPORT_SYMBOL(of_find_node_by_phandle);
EXPORT_SYMBOL(of_find_node_by_type);
EXPORT_SYMBOL(of_find_node_opts_by_path);
EXPORT_SYMBOL(of_find_property);
EXPORT_SYMBOL(of_get_available_child_count);
EXPORT_SYMBOL(of_get_child_by_name);
EXPORT_SYMBOL(of_get_child_count);
EXPORT_SYMBOL(of_get_compatible_child);
EXPORT_SYMBOL(of_get_next_available_child);
EXPORT_SYMBOL(of_get_next_child);
EXPORT_SYMBOL(of_get_next_parent);
EXPORT_SYMBOL(of_get_parent);
EXPORT_SYMBOL(of_get_property);
EXPORT_SYMBOL(of_irq_count);
EXPORT_SYMBOL(of_irq_get);
EXPORT_SYMBOL(of_irq_parse_one);
EXPORT_SYMBOL(of_match_node);
EXPORT_SYMBOL(of_n_addr_cells);
EXPORT_SYMBOL(of_n_size_cells);
EXPORT_SYMBOL(of_node_full_path);
EXPORT_SYMBOL(of_node_name_eq);
EXPORT_SYMBOL(of_node_name_prefix);
EXPORT_SYMBOL(of_parse_phandle);
EXPORT_SYMBOL(of_parse_phandle_with_args);
EXPORT_SYMBOL(of_parse_phandle_with_fixed_args);
EXPORT_SYMBOL(of_prop_next_string);
EXPORT_SYMBOL(of_prop_next_u32);
EXPORT_SYMBOL(of_property_count_elems_of_size);
EXPORT_SYMBOL(of_property_match_string);
EXPORT_SYMBOL(of_property_read_bool);
EXPORT_SYMBOL(of_property_read_reg);
EXPORT_SYMBOL(of_property_read_string);
EXPORT_SYMBOL(of_property_read_string_helper);
EXPORT_SYMBOL(of_property_read_u32_index);
EXPORT_SYMBOL(of_property_read_u64);
EXPORT_SYMBOL(of_property_read_u64_index);
EXPORT_SYMBOL(of_property_read_variable_u16_array);
EXPORT_SYMBOL(of_property_read_variable_u32_array);
EXPORT_SYMBOL(of_property_read_variable_u64_array);
EXPORT_SYMBOL(of_property_read_variable_u8_array);
EXPORT_SYMBOL(of_platform_populate);
EXPORT_SYMBOL(of_platform_depopulate);

/* Modules */
EXPORT_SYMBOL(try_module_get);
EXPORT_SYMBOL(module_put);

/*
 * The personality routines that unwind tables (-funwind-tables, .ARM.exidx)
 * name through R_ARM_NONE relocations.  coyote backtraces by frame pointer
 * and never unwinds, so they are never called; Linux defines them empty
 * for its modules too.
 */
void __aeabi_unwind_cpp_pr0(void);
void __aeabi_unwind_cpp_pr1(void);
void __aeabi_unwind_cpp_pr2(void);
void __aeabi_unwind_cpp_pr0(void) { }
void __aeabi_unwind_cpp_pr1(void) { }
void __aeabi_unwind_cpp_pr2(void) { }
EXPORT_SYMBOL(__aeabi_unwind_cpp_pr0);
EXPORT_SYMBOL(__aeabi_unwind_cpp_pr1);
EXPORT_SYMBOL(__aeabi_unwind_cpp_pr2);
